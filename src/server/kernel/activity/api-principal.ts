import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { StaffRole } from "@/lib/admin-tables/definition";
import type { ApiScope } from "@/lib/api-scopes";

// A request made with an API key has no session: the dashboard's data functions (which check
// `requireRole` themselves, ADR 0024) run inside this scope and see the key instead (docs/decisions/0059).
// The key acts with the desk role its scopes name and nothing more: content scopes as an editor, lead
// scopes as sales. No key ever acts as an owner or admin, so the team, the activity trail and the keys
// themselves stay out of its reach whatever a data function is called.

export interface ApiKeyActor {
  id: string;
  name: string;
  scopes: readonly ApiScope[];
}

const principals = new AsyncLocalStorage<ApiKeyActor>();

/** Runs `fn` as the key: `requireRole` answers for it instead of reading a session. */
export function runAsApiKey<T>(key: ApiKeyActor, fn: () => Promise<T>): Promise<T> {
  return principals.run(key, fn);
}

export function currentApiKey(): ApiKeyActor | undefined {
  return principals.getStore();
}

/** The dashboard roles a key's scopes stand for (src/lib/admin-tables/definition.ts's desks). */
export function apiKeyRoles(scopes: readonly ApiScope[]): StaffRole[] {
  const roles: StaffRole[] = [];
  if (scopes.some((s) => s.startsWith("content:"))) roles.push("editor");
  if (scopes.some((s) => s.startsWith("leads:"))) roles.push("sales");
  return roles;
}

/** The activity trail's actor id of a key: never an account id (those are better-auth's ids). */
export const API_KEY_ACTOR_PREFIX = "api-key:";
export const apiKeyActorId = (keyId: string) => `${API_KEY_ACTOR_PREFIX}${keyId}`;
/** What the Activity screen shows in its Member column for a write made with the key. */
export const apiKeyActorLabel = (name: string) => `API key: ${name}`;
