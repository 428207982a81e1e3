CREATE INDEX "leagues_rest_rule_idx" ON "leagues" USING btree ("rest_rule_id");--> statement-breakpoint
CREATE INDEX "users_given_name_search_idx" ON "users" USING btree (lower("given_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_family_name_search_idx" ON "users" USING btree (lower("family_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING btree ("email" text_pattern_ops);