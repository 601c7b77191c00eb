-- When a deal was added in Pipedrive (its age on the Capacity page's deals and the Pipeline tab).
ALTER TABLE pipedrive_deals ADD COLUMN add_time timestamptz;
