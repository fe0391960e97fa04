// The media feature's public entry: the only module of it another feature may import
// (docs/architecture.md, "Features and the kernel"); it names what others use, nothing more.
export { decorateMediaRows, deleteMedia } from "./data/media-library";
export { adoptAltTexts } from "./data/media-rows";
export { holdMediaInUse } from "./media";
export { storage } from "./storage";
