// The team feature's public entry: the only module of it another feature may import
// (docs/architecture.md, "Features and the kernel"); it names what others use, nothing more.
export { watchRoleRequests } from "./admin-requests";
