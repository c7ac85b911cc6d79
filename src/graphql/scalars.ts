import { GraphQLError, Kind } from 'graphql';
import { DATE_RANGE, isAcceptedDate, isAcceptedMoment } from '../lib/dates.ts';
import { builder } from './builder.ts';

const invalid = (message: string) => new GraphQLError(message, { extensions: { code: 'VALIDATION_FAILED' } });

builder.scalarType('Money', {
  description:
    'An exact amount in the organization\'s currency, as a decimal string such as "1250.00". Input also accepts a number; ' +
    'amounts with more decimals than the currency allows are rejected, never rounded.',
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    throw invalid(`Money must be a decimal string such as "12.50", got ${JSON.stringify(value)}`);
  },
  parseLiteral: (ast) => {
    if (ast.kind === Kind.STRING || ast.kind === Kind.FLOAT || ast.kind === Kind.INT) {
      if (/^-?\d+(\.\d+)?$/.test(ast.value)) return ast.value;
    }
    throw invalid('Money must be a decimal string such as "12.50"');
  },
});

builder.scalarType('Percent', {
  description: 'A percentage as a decimal string, e.g. "8.875" for 8.875 %; 0 to 100 with at most 4 decimals. Input also accepts a number.',
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) return String(value).trim();
    throw invalid(`Percent must be a decimal string such as "8.875", got ${JSON.stringify(value)}`);
  },
  parseLiteral: (ast) => {
    if (ast.kind === Kind.STRING || ast.kind === Kind.FLOAT || ast.kind === Kind.INT) return ast.value;
    throw invalid('Percent must be a decimal string such as "8.875"');
  },
});

builder.scalarType('Date', {
  description: `A calendar date, YYYY-MM-DD, ${DATE_RANGE}. Only real dates are accepted (no 2026-02-30).`,
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value === 'string' && isAcceptedDate(value)) return value;
    throw invalid(`Date must be a real calendar date as YYYY-MM-DD ${DATE_RANGE}, got ${JSON.stringify(value)}`);
  },
  parseLiteral: (ast) => {
    if (ast.kind === Kind.STRING && isAcceptedDate(ast.value)) return ast.value;
    throw invalid(`Date must be a real calendar date as YYYY-MM-DD ${DATE_RANGE}`);
  },
});

/** An ISO 8601 date-time within the days the API takes, or undefined. */
function moment(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return isAcceptedMoment(date) ? date : undefined;
}

builder.scalarType('DateTime', {
  description: `A moment in time, ISO 8601 in UTC, e.g. 2026-11-22T09:30:00.000Z, on a day ${DATE_RANGE}.`,
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString()),
  parseValue: (value) => {
    const date = moment(value);
    if (!date) throw invalid(`DateTime must be ISO 8601 on a day ${DATE_RANGE}, got ${JSON.stringify(value)}`);
    return date;
  },
  parseLiteral: (ast) => {
    const date = ast.kind === Kind.STRING ? moment(ast.value) : undefined;
    if (!date) throw invalid(`DateTime must be ISO 8601 on a day ${DATE_RANGE}`);
    return date;
  },
});

builder.scalarType('JSON', {
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
});
