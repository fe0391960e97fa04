export function renderNginxConfig(options: { listenPort: number; appPorts: number[]; prefix: string; file?: string }): string;
export const NGINX_BINARY: string | undefined;
