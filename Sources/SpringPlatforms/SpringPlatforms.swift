// The platforms SpringBench emulates and the catalogue that names them, on
// top of SpringModel's spring math and conversions:
//
// - `SpringPlatform`: one value names a platform everywhere (catalogue, runs,
//   reports, the command line); each has a folder of its own,
//   `Platforms/<Platform>/`, holding its declaration and loop, its families
//   and its presets, and is registered once, in `SpringPlatform.all`.
// - `PlatformLoop`: a platform's shown motion (the frames it shows, its
//   clock, its done frame, its parameters), re-expressed from its own code;
//   `PlatformLoops` runs every registered loop, `PlatformComparison` compares
//   them against the exact spring.
// - The catalogue (`Catalogue/`): presets (`SpringPreset`), the parameters
//   (`SpringParameter`) and the families a spring can be given in
//   (`SpringParameterizationFamily`, one file each: a platform's in its
//   folder, the platform-free ones under `Catalogue/Families/`; registered
//   once in `SpringParameterizationKind.registry`).
//
// Adding a platform: `Platforms/<Name>/<Name>.swift` with
// `extension SpringPlatform { public static let name = SpringPlatform(…, loop: NameLoop.self) }`
// and its `PlatformLoop`, plus one line in `SpringPlatform.all`; its presets in
// `Platforms/<Name>/<Name>Presets.swift` (`extension SpringPreset`), listed in `SpringPreset.all`.
// Adding a family: `<Name>Family.swift` in its platform's folder (or
// `Catalogue/Families/` when no platform owns it) with its
// `SpringParameterizationFamily` (and its conversion type in SpringModel's
// `Parameterizations/`), plus one line in `SpringParameterizationKind.registry`.
