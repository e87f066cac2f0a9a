// The report's Korean (`--lang ko`): part titles by part key, and each English text's twin.
// How the lookup works, and how to add a twin: Sources/WorkbookSupport/ReportTwins.swift.

import WorkbookSupport

extension Chapter {
    public static let koreanReport = ReportTwins([
        .part("torn", "보호 없는 config를 쓰는 도중에 읽기"),
        .part("recursion", "자기 자신을 읽는 computed `config`"),
        .part("lost", "스레드 4개에서 backend.config.sizeLimit += 1"),

        .text("child process: 1 writer sets all four fields to n, 1 reader checks they agree, {1} writes (a data race: run in a child process so undefined behaviour stays there)",
              "자식 프로세스: writer 1개가 네 필드를 모두 n으로 설정하고, reader 1개가 네 값이 같은지 확인한다. "
                + "쓰기 {1}번 (데이터 레이스라서 정의되지 않은 동작이 자식 프로세스 안에 머물도록 따로 돌린다)"),
        .text("torn reads, no guard", "찢어진 읽기, 보호 없음"),
        .text("{1} (child {2})", "{1} (자식 프로세스: {2})"),
        .text("child ended: {1}", "자식 프로세스 종료: {1}"),
        .text("torn reads, propertyQueue ({1} writes)", "찢어진 읽기, propertyQueue (쓰기 {1}번)"),
        .text("torn reads, DiskStorage.Backend.config", "찢어진 읽기, DiskStorage.Backend.config"),

        .text("child process: SelfReadingBox().settings", "자식 프로세스: SelfReadingBox().settings"),
        .text("the child ended with", "자식 프로세스의 종료"),

        .text("4 threads × {1} increments on each holder; expected total {2}",
              "보관 방식마다 스레드 4개 × 증가 {1}번, 기대 합계 {2}"),
        .text("lost updates, {1}", "갱신 손실, {1}"),
        .text("lost updates, ActorBox.update (4 tasks)", "갱신 손실, ActorBox.update (task 4개)"),
        .text("every interleaving: get then set, 2 threads", "모든 인터리빙: get 뒤에 set, 스레드 2개"),
        .text("every interleaving: one section, 2 threads", "모든 인터리빙: critical section 하나, 스레드 2개"),
        .text("both counted", "둘 다 셈"),
        .text("lost update", "갱신 손실"),
        .text("the shortest interleaving that loses an update (model: Chapters/03-config-queue/Lab/Models.swift):",
              "갱신을 잃는 가장 짧은 인터리빙 (모델: Chapters/03-config-queue/Lab/Models.swift):"),

        .text("Sources/KFDCache/DiskStorageBackend.swift — `propertyQueue`, `_config`, `public var config`",
              "Sources/KFDCache/DiskStorageBackend.swift — `propertyQueue`, `_config`, `public var config`"),
        .text("Chapters/03-config-queue/Lab/Boxes.swift — the unguarded, self-reading, queue, Mutex and actor boxes",
              "Chapters/03-config-queue/Lab/Boxes.swift — 보호 없는 box, 자기를 읽는 box, 큐·Mutex·actor box"),
        .text("Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift — `propertyQueue` and `_config` in `Backend`",
              "Kingfisher 8.11.0: Sources/Cache/DiskStorage.swift — `Backend`의 `propertyQueue`와 `_config`"),
        .text("Kingfisher: Sources/Cache/DiskStorage.swift — `propertyQueue` and `_config` in `Backend`",
              "Kingfisher: Sources/Cache/DiskStorage.swift — `Backend`의 `propertyQueue`와 `_config`"),
    ])
}
