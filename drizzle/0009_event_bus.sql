CREATE TABLE "bullpen_bus_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
