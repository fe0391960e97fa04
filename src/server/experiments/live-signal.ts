export { experimentsChanged } from "../kernel/bridge.ts";
