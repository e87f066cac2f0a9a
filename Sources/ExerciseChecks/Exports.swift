// An exercise file imports this module alone: its contract (in the chapter's checks file, next to
// the check that holds it to it), the watched lock, cache and queue it is given (ExerciseKit), and
// the library (KFDCache).

@_exported import ExerciseKit
@_exported import KFDCache
