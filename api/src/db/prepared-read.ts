// A read sent as a prepared statement that PostgreSQL describes once per text, not at every execution.
import pg from 'pg';

/** The columns of a statement's rows as node-postgres reads them: names, formats and each column's parser. */
interface RowShape {
  fields: unknown[];
  parsers: unknown[];
  empty: Record<string, null>;
}

/** node-postgres's Result, the parts a shape is kept from and put back into. */
interface ResultParts {
  fields: unknown[];
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: Record<string, null> | null;
}

/** node-postgres's connection: the messages of the extended protocol, and the statements it has sent. */
interface Connection {
  parse(m: { text: string; name: string; types: unknown }): void;
  bind(m: { portal: string; statement: string; values: unknown[]; binary: boolean; valueMapper: unknown }): void;
  describe(m: { type: 'P'; name: string }): void;
  close(m: { type: 'S'; name: string }): void;
  sync(): void;
  parsedStatements: Record<string, unknown>;
  submittedNamedStatements: Record<string, unknown>;
}

/** What node-postgres's Query does for a statement; declared here as its types leave it out. */
interface QueryInternals {
  name: string;
  text: string;
  values: unknown[];
  types: unknown;
  binary: boolean;
  portal: string;
  _result: ResultParts;
  _accumulateRows: boolean;
  query_timeout?: number;
  hasBeenParsed(c: Connection): boolean;
  handleError(err: unknown, c: Connection): void;
  _getRows(c: Connection, rows: number | undefined): void;
  handleRowDescription(msg: unknown): void;
  prepare(c: Connection): void;
}

const BaseQuery = pg.Query as unknown as new (text: string, values: unknown[]) => QueryInternals;
const { prepareValue } = (pg as unknown as { utils: { prepareValue: unknown } }).utils;

/**
 * The row shapes of one pool's statements, by statement name (a name stands for one text: db.ts's preparedNames).
 * A statement's columns are fixed by its text: PostgreSQL refuses to run a prepared statement whose columns a
 * migration changed ("cached plan must not change result type"), and the text then gets a new name.
 */
export type RowShapes = Map<string, RowShape>;

/**
 * A read through a pool as a prepared statement, described once. node-postgres describes the portal at every
 * execution of a prepared statement: the server sends the columns again, and the client makes a parser per column
 * again, at every request. This read asks for the description the first time its statement runs (on any connection
 * of the pool) and keeps it; later executions send Bind, Execute and Sync only, and read their rows with the kept
 * shape. Made from the text and values as given (node-postgres copies a config object property by property); the
 * client waits `timeoutMs` for the answer (node-postgres's query_timeout). Measured with bench:instructions (main
 * thread, instructions a request, 2026-11-28): `user/userInfo` (a row of many columns) −34 %, `wallet/balance` −16 %,
 * `ord/list` (one JSON column) −5 %.
 */
export class PreparedRead extends BaseQuery {
  private readonly shapes: RowShapes;

  constructor(shapes: RowShapes, name: string, text: string, values: unknown[], timeoutMs: number | undefined) {
    super(text, values);
    this.shapes = shapes;
    this.name = name;
    this.query_timeout = timeoutMs;
  }

  override handleRowDescription(msg: unknown): void {
    super.handleRowDescription(msg);
    const r = this._result;
    if (r._parsers && !this.shapes.has(this.name))
      this.shapes.set(this.name, { fields: r.fields, parsers: r._parsers, empty: r._prebuiltEmptyResultObject ?? {} });
  }

  /** As node-postgres prepares a statement, without the Describe once the statement's shape is known. */
  override prepare(c: Connection): void {
    const shape = this.shapes.get(this.name);
    if (!shape) {
      super.prepare(c);
      return;
    }
    if (!this.hasBeenParsed(c)) {
      c.parse({ text: this.text, name: this.name, types: this.types });
      c.submittedNamedStatements[this.name] = this.text;
    }
    try {
      c.bind({
        portal: this.portal,
        statement: this.name,
        values: this.values,
        binary: this.binary,
        valueMapper: prepareValue,
      });
    } catch (err) {
      c.close({ type: 'S', name: this.name });
      c.sync();
      this.handleError(err, c);
      return;
    }
    const r = this._result;
    r.fields = shape.fields;
    r._parsers = shape.parsers;
    r._prebuiltEmptyResultObject = shape.empty;
    // As handleRowDescription would have: the rows are kept for the callback.
    this._accumulateRows = true;
    this._getRows(c, undefined);
  }
}
