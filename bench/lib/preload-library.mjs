// Loads the compiled library (dist/) before tsx registers its hooks (bench/lib/spawn.ts puts this
// first among a Sluice child's --import flags): Node itself loads its modules, as it does for a
// user's compiled program, instead of every one of them going through tsx's loader thread.
import "../../dist/index.js";
