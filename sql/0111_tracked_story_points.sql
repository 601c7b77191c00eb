-- Velocity counts the tracked people's story points over their available points
-- (docs/decisions/391-velocity-over-tracked-people.md). A stored week keeps them beside the
-- total; NULL for weeks stored before, which the history recomputes once from the stored
-- tickets and the team the week was stored with.
ALTER TABLE developer_weeks ADD COLUMN tracked_story_points numeric(10, 2);
