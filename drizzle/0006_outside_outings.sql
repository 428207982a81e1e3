CREATE TABLE "outside_outings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"pitches" integer DEFAULT 0 NOT NULL,
	"pitches_before_last_batter" integer,
	"pitched_innings" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"outs" integer DEFAULT 0 NOT NULL,
	"intentional_walks" integer DEFAULT 0 NOT NULL,
	"reported_by" text,
	"reported_by_name" text NOT NULL,
	"created_payload" jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outside_outings" ADD CONSTRAINT "outside_outings_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_outings" ADD CONSTRAINT "outside_outings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_outings" ADD CONSTRAINT "outside_outings_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outside_outings_player_date_idx" ON "outside_outings" USING btree ("player_id","date");