/** The bulk changes of an inbox list (ADR 0050), with the words of their buttons and confirmations. */
export const BULK_ACTIONS = { status: "Change status", assign: "Assign owner", delete: "Delete" } as const;
export type BulkActionId = keyof typeof BULK_ACTIONS;

export const isBulkAction = (value: string | undefined): value is BulkActionId => value !== undefined && Object.hasOwn(BULK_ACTIONS, value);

/** The bulk bar's fields as the list's GET form sends them without JavaScript (its confirmation page reads them). */
export const BULK_QUERY = { action: "bulk", status: "bulkStatus", owner: "bulkOwner" } as const;
