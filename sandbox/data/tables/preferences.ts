/** Tables of this group, appended to the core schema (see ../schema.ts). */
export const TABLES_SQL = `
-- The preference settings a listing's summary (listings.preferences) does not carry. A listing
-- without a row has both settings null. GET /preferences/{id} merges the two.
CREATE TABLE IF NOT EXISTS listing_preference_extras (
  listing_svc_id TEXT PRIMARY KEY REFERENCES listings(svc_id),
  checkin_checkout TEXT,             -- JSON: contract checkinCheckoutSetting, NULL: no restriction
  fee_adjustments TEXT               -- JSON: contract feeAdjustmentsSetting, NULL: none
);
`;
