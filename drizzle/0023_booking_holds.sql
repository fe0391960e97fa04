ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_valid";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
UPDATE "bookings" SET "confirmed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "visitor_id" text;--> statement-breakpoint
CREATE INDEX "bookings_held_idx" ON "bookings" USING btree ("held_until") WHERE "bookings"."status" = 'booked' and "bookings"."confirmed_at" is null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_released_valid" CHECK (("bookings"."status" = 'released') = ("bookings"."released_at" is not null));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_held_valid" CHECK ("bookings"."confirmed_at" is not null or "bookings"."held_until" is not null);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_valid" CHECK ("bookings"."status" in ('booked', 'cancelled', 'released'));