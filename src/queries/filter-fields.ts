/**
 * A screen's filters as its address query keeps them, declared once: one field a filter, naming
 * its parameters (a contract: links and bookmarks carry them, so they are never renamed), how a
 * value is read and written, and its default, which the address leaves out. `readFilters` and
 * `writeFilters` are the two directions of one list of fields, so they cannot drift apart.
 */

export type SortDirection = 'asc' | 'desc'

/** A column and a direction: two parameters of the address for one filter. */
export interface ColumnSort<Column extends string> {
  column: Column
  direction: SortDirection
}

/** How one filter is kept in the address. */
export interface FilterField<Value> {
  kind: 'text' | 'choice' | 'number choice' | 'id list' | 'column sort'
  /** The parameters it reads and writes. */
  params: readonly string[]
  default: Value
  /** The value in the address: the default when the address has none, or one the field does not know. */
  read: (params: URLSearchParams) => Value
  /** The parameters of a value, in order; none for the default. */
  write: (value: Value) => [param: string, value: string][]
}

/** Every filter the address keeps, in the order it writes them. */
export type FilterFields<Filters> = {
  [Key in keyof Filters]-?: FilterField<Filters[Key]> & {
    /** Kept only while the other filters allow it (a sort that belongs to one view); the default otherwise. */
    when?: (filters: Filters) => boolean
  }
}

const keysOf = <Filters>(fields: FilterFields<Filters>) => Object.keys(fields) as (keyof Filters)[]

/** The filters of an address query (with or without its `?`). */
export function readFilters<Filters>(fields: FilterFields<Filters>, query: string): Filters {
  const params = new URLSearchParams(query)
  const filters = {} as Filters
  for (const key of keysOf(fields)) filters[key] = fields[key].read(params)
  // A condition may read any filter, so it is checked once every filter is read.
  for (const key of keysOf(fields)) if (fields[key].when?.(filters) === false) filters[key] = fields[key].default
  return filters
}

/** The address query of the filters (no `?`), defaults left out, parameters in the fields' order. */
export function writeFilters<Filters>(fields: FilterFields<Filters>, filters: NoInfer<Filters>): string {
  const params = new URLSearchParams()
  for (const key of keysOf(fields)) {
    const field = fields[key]
    if (field.when?.(filters) === false) continue
    for (const [param, value] of field.write(filters[key])) params.append(param, value)
  }
  return params.toString()
}

/** The filters of an address with no query. */
export function filterDefaults<Filters>(fields: FilterFields<Filters>): Filters {
  const filters = {} as Filters
  for (const key of keysOf(fields)) filters[key] = fields[key].default
  return filters
}

/**
 * Free text. An empty or missing parameter reads as the default; `normalise` applies to what the
 * address holds (the value written is taken as it is).
 */
export function textField(
  param: string,
  {
    default: fallback = '',
    normalise = (value: string) => value,
  }: { default?: string; normalise?: (value: string) => string } = {},
): FilterField<string> {
  return {
    kind: 'text',
    params: [param],
    default: fallback,
    read: (params) => normalise(params.get(param) ?? '') || fallback,
    write: (value) => (value === fallback ? [] : [[param, value]]),
  }
}

/** The values of a list of choices as a select offers them. */
export const optionValues = <Value>(options: readonly { value: Value }[]): Value[] =>
  options.map((option) => option.value)

/** One of a list of spellings. */
export function choiceField<Value extends string>(
  param: string,
  choices: readonly Value[],
  fallback: Value,
): FilterField<Value> {
  return {
    kind: 'choice',
    params: [param],
    default: fallback,
    read: (params) => {
      const value = params.get(param)
      return choices.includes(value as Value) ? (value as Value) : fallback
    },
    write: (value) => (value === fallback ? [] : [[param, value]]),
  }
}

/** One of a list of numbers, read as `Number` reads the parameter. */
export function numberChoiceField<Value extends number>(
  param: string,
  choices: readonly Value[],
  fallback: Value,
): FilterField<Value> {
  return {
    kind: 'number choice',
    params: [param],
    default: fallback,
    read: (params) => {
      const value = params.get(param)
      const number = value === null ? Number.NaN : Number(value)
      return choices.includes(number as Value) ? (number as Value) : fallback
    },
    write: (value) => (value === fallback ? [] : [[param, String(value)]]),
  }
}

/** Ids separated by commas (`?rules=a,b`); blanks around an id and empty ids are dropped; none by default. */
export function idListField(param: string): FilterField<string[]> {
  return {
    kind: 'id list',
    params: [param],
    default: [],
    read: (params) =>
      (params.get(param) ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    write: (ids) => (ids.length === 0 ? [] : [[param, ids.join(',')]]),
  }
}

/**
 * A sort by one of the columns (`?sort=name&dir=desc`), null by default. The direction is written
 * whenever the column is, and reads as ascending unless it says `desc`.
 */
export function columnSortField<Column extends string>(
  columnParam: string,
  directionParam: string,
  columns: readonly Column[],
): FilterField<ColumnSort<Column> | null> {
  return {
    kind: 'column sort',
    params: [columnParam, directionParam],
    default: null,
    read: (params) => {
      const column = params.get(columnParam)
      if (!columns.includes(column as Column)) return null
      return { column: column as Column, direction: params.get(directionParam) === 'desc' ? 'desc' : 'asc' }
    },
    write: (sort) =>
      sort === null
        ? []
        : [
            [columnParam, sort.column],
            [directionParam, sort.direction],
          ],
  }
}
