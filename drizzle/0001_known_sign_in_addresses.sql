CREATE TABLE "known_sign_in_addresses" (
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_sign_in_addresses_email_ip_pk" PRIMARY KEY("email","ip")
);
