/// Model-View-Presenter: a passive view behind a protocol, and a presenter that decides.
public enum MVP {}
