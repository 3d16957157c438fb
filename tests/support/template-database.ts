/**
 * vitest globalSetup of the PostgreSQL and MariaDB projects (vitest.config.ts): one migrated template database
 * per project and run, so that a test server starts on a copy of it (engines.ts `freshDatabase(…, template)`)
 * instead of migrating an empty database itself. On MariaDB the migrations' DDL took several seconds per
 * server (each statement commits on its own), and the server suite starts about a hundred servers per engine.
 *
 * The template holds exactly what the migrations make (openDatabase, then closed), nothing a server writes at
 * its first start (the secret's fingerprint, site settings, …): a copy is what an empty database is once
 * migrated, and the server's start finds no migration pending. Tests of the migrations themselves and of empty
 * databases use `freshDatabase()` / `testDatabase()` without a template, as before.
 */
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../server/db/data-source'
import { freshDatabase } from './engines'

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  project.provide('shiliuTemplateDatabase', '')
  const engine = project.config.env.SHILIU_TEST_ENGINE
  if (engine !== 'postgres' && engine !== 'mysql') return undefined
  let template
  try {
    template = await freshDatabase(engine, 'template')
  } catch {
    // The engine does not answer: its tests skip or fail loudly on their own (engines.ts); nothing to copy.
    return undefined
  }
  try {
    const db = await openDatabase({ kind: engine, url: template.url })
    await db.destroy()
  } catch (err) {
    await template.drop()
    throw err
  }
  project.provide('shiliuTemplateDatabase', template.name)
  return () => template.drop()
}
