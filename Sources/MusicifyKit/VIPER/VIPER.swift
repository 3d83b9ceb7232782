/// View, Interactor, Presenter, Entity (``Song``), Router: one job each, wired by the router's
/// module builder.
public enum VIPER {}
