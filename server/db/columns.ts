import { Column, CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn, type ColumnOptions } from 'typeorm'

/*
 * Portable column helpers. Passing JS constructors (Date, Boolean, Number, String) as the column type lets
 * each TypeORM driver pick its own native type (SQLite datetime / PostgreSQL timestamp / MySQL datetime),
 * so one set of entities serves all three engines. Types are always explicit because the esbuild/tsx
 * toolchain does not emit decorator metadata.
 */

export const Id = () => PrimaryGeneratedColumn({ type: 'integer' })

export const Int = (options: ColumnOptions = {}) => Column({ type: 'integer', default: 0, ...options })

/** Foreign-key / reference column holding another row's numeric id. */
export const Ref = (options: ColumnOptions = {}) => Column({ type: 'integer', ...options })

export const SmallInt = (options: ColumnOptions = {}) => Column({ type: 'smallint', ...options })

export const Bool = (options: ColumnOptions = {}) => Column({ type: Boolean, ...options })

export const Str = (length: number, options: ColumnOptions = {}) => Column({ type: 'varchar', length, ...options })

export const Text = (options: ColumnOptions = {}) => Column({ type: 'text', ...options })

export const Time = (options: ColumnOptions = {}) => Column({ type: Date, ...options })

export const Float = (options: ColumnOptions = {}) => Column({ type: 'double precision', ...options })

export const Created = () => CreateDateColumn({ type: Date })

export const Updated = () => UpdateDateColumn({ type: Date })

/** JSON array stored as text (portable; MySQL/SQLite have no common JSON type TypeORM maps the same way). */
export const JsonList = (options: ColumnOptions = {}) =>
  Column({
    type: 'text',
    nullable: true,
    transformer: {
      to: (value: unknown) => (value == null ? null : JSON.stringify(value)),
      from: (value: unknown) => (typeof value === 'string' && value ? (JSON.parse(value) as unknown) : null),
    },
    ...options,
  })
