-- A member's time zone (an IANA name such as Asia/Tokyo), asked once by /notify: quiet hours
-- are read in it, daylight saving included, and shown with it. NULL: not given yet (quiet
-- hours set before keep their fixed utc_offset, UTC unless the member gave one).
-- (0013 is the open tables' migration.)
ALTER TABLE notify_prefs ADD COLUMN time_zone TEXT;
