-- Team roles (docs/decisions/0034): the one dashboard role there was becomes Owner, so that an
-- existing install keeps every right it had and has at least one owner.
UPDATE "profiles" SET "role" = 'owner', "updated_at" = now() WHERE "role" = 'admin';
