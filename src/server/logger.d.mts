import type { DestinationStream, Logger } from "pino";

export const logStreams: { stdout: DestinationStream; stderr: DestinationStream };
export const logger: Logger;
