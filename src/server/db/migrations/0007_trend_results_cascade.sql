ALTER TABLE "content_results" DROP CONSTRAINT "content_results_trend_id_trends_id_fk";
--> statement-breakpoint
ALTER TABLE "content_results" ADD CONSTRAINT "content_results_trend_id_trends_id_fk" FOREIGN KEY ("trend_id") REFERENCES "public"."trends"("id") ON DELETE cascade ON UPDATE no action;