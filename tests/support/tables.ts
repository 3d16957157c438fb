import type { DataSource } from 'typeorm'

/*
 * Row counts of every table of the database (from the engine's catalogue, so tables added later, the
 * migrations table and SQLite's FTS shadow tables are included), to prove that a batch of refused requests
 * left the database as it was:
 *
 *   const before = await tableCounts(server.deps.db)
 *   ... requests ...
 *   expect(await tableCounts(server.deps.db)).toEqual(before)
 */

async function tableNames(db: DataSource): Promise<string[]> {
  const sql =
    db.options.type === 'postgres'
      ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
      : db.options.type === 'mysql' || db.options.type === 'mariadb'
        ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'"
        : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
  const rows: Array<{ name?: string; NAME?: string; TABLE_NAME?: string }> = await db.query(sql)
  return rows.map((r) => String(r.name ?? r.NAME ?? r.TABLE_NAME)).sort()
}

/** `{ table: rows }` for every table, except the ones named in `ignore`. */
export async function tableCounts(db: DataSource, ignore: readonly string[] = []): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const name of await tableNames(db)) {
    if (ignore.includes(name)) continue
    const [row] = (await db.query(`SELECT COUNT(*) AS n FROM ${name}`)) as Array<{ n: number | string }>
    counts[name] = Number(row!.n)
  }
  return counts
}
