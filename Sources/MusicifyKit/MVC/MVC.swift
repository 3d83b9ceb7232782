/// Apple's MVC as the study built it: one view controller that does it all.
public enum MVC {}
