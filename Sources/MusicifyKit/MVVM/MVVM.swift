/// Model-View-ViewModel: a view model with inputs and outputs, bound by the view with closures
/// (as the study did, instead of a reactive library).
public enum MVVM {}
