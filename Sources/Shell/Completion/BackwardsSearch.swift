/// Marker for `range(of:options:)`.
enum BackwardsSearch { case backwards }
