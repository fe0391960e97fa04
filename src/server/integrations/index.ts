// The integrations feature's public entry: the only module of it another feature may import
// (docs/architecture.md, "Features and the kernel"); it names what others use, nothing more.
export { webhookRetentionJob } from "./webhooks/job";
export { webhookDeliveryJob } from "./webhooks/delivery";
