/** The set page's tabs as the URL names them (`/sets/<id>?tab=<value>`). */
export const SET_TABS = ["members", "associated", "sharing", "analytics"] as const;
export type SetTab = (typeof SET_TABS)[number];
