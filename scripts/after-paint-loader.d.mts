export const LOADER_TIMEOUT_MS: number;
export const AFTER_PAINT_LOADER: string;
