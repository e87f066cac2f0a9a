// What `workbook check` adds to the module of 10-clean-timer's and 10-resume-once's file
// (Sources/workbook/ControlledPrimitives.swift: the controlled primitives and time's names), for
// the reference solutions compiled here: SolutionTests then runs those two checks on the check's
// virtual clock, as `workbook check` does. Only those two solutions use these names (NSLock is
// left out: 07-async-journal's solution keeps the real one here). ControlledNamesTests keeps this in step.

import ExerciseKit
import Synchronization

public typealias DispatchQueue = ControlledQueue
public typealias DispatchGroup = ControlledGroup
public typealias DispatchSemaphore = ControlledSemaphore
public typealias NSRecursiveLock = ControlledRecursiveLock
public typealias Mutex<Value> = ControlledMutex<Value>
public typealias Atomic<Value: AtomicRepresentable> = ControlledAtomic<Value>
public typealias Timer = ControlledTimer
public typealias RunLoop = ControlledRunLoop
public typealias DispatchTime = ControlledTime
public typealias DispatchWallTime = ControlledTime
public typealias Thread = ControlledThread
