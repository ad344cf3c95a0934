/**
 * Multi-row INSERT statements for seeding. One statement binds up to `batchRows` rows, so a
 * large table costs a few thousand statement runs instead of one per row: binding and
 * stepping once per row was most of the cost of writing the seeded calendars.
 */
import type Database from "better-sqlite3";
import type { SqlValue } from "./seed/types";

/** SQLite's default limit on bound parameters in one statement. */
const MAX_VARIABLES = 32_766;

export interface BatchOptions {
  /** Rows per statement (default 100, fewer when the columns would pass SQLite's limit). */
  batchRows?: number;
  /**
   * Keep every row in memory until `flush`. Writing several large tables in turn, row batch by
   * row batch, took each about twice as long as writing each in one go.
   */
  deferred?: boolean;
}

export class BatchInsert {
  private readonly width: number;
  private readonly batchRows: number;
  private readonly deferred: boolean;
  /** A full batch's values (`filled` of them set), or every deferred value. Never shrunk. */
  private buffer: SqlValue[];
  private filled = 0;
  private full: Database.Statement | null = null;
  /** Rows added so far. */
  count = 0;

  constructor(
    private readonly db: Database.Database,
    private readonly table: string,
    private readonly columns: readonly string[],
    options: BatchOptions = {},
  ) {
    this.width = columns.length;
    this.batchRows = Math.max(1, Math.min(options.batchRows ?? 100, Math.floor(MAX_VARIABLES / this.width)));
    this.deferred = options.deferred ?? false;
    this.buffer = this.deferred ? [] : new Array<SqlValue>(this.batchRows * this.width).fill(null);
  }

  private statement(rows: number): Database.Statement {
    const tuple = `(${this.columns.map(() => "?").join(", ")})`;
    return this.db.prepare(
      `INSERT INTO ${this.table} (${this.columns.join(", ")}) VALUES ${Array<string>(rows).fill(tuple).join(", ")}`,
    );
  }

  /** One row: its values in the order of `columns`. */
  add(values: readonly SqlValue[]): void {
    this.count++;
    if (this.deferred) {
      for (let i = 0; i < this.width; i++) this.buffer.push(values[i] as SqlValue);
      return;
    }
    for (let i = 0; i < this.width; i++) this.buffer[this.filled++] = values[i] as SqlValue;
    if (this.filled === this.buffer.length) {
      this.full ??= this.statement(this.batchRows);
      this.full.run(this.buffer);
      this.filled = 0;
    }
  }

  /** Writes the rows still buffered. Call it before anything reads the table. */
  flush(): void {
    if (this.deferred) {
      const size = this.batchRows * this.width;
      let at = 0;
      for (; at + size <= this.buffer.length; at += size) {
        this.full ??= this.statement(this.batchRows);
        this.full.run(this.buffer.slice(at, at + size));
      }
      if (at < this.buffer.length)
        this.statement((this.buffer.length - at) / this.width).run(this.buffer.slice(at));
      this.buffer = [];
      return;
    }
    if (this.filled === 0) return;
    this.statement(this.filled / this.width).run(this.buffer.slice(0, this.filled));
    this.filled = 0;
  }
}

/** Inserts row objects, in order, under the column names of the first row. */
export function insertObjects(db: Database.Database, table: string, rows: readonly object[]): void {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const batch = new BatchInsert(db, table, columns);
  const values: SqlValue[] = new Array<SqlValue>(columns.length);
  for (const row of rows) {
    const record = row as Record<string, SqlValue>;
    for (let i = 0; i < columns.length; i++) values[i] = record[columns[i] as string] as SqlValue;
    batch.add(values);
  }
  batch.flush();
}
