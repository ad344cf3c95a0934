/** Tables of this group, appended to the core schema (see ../schema.ts). */
export const TABLES_SQL = ``;
