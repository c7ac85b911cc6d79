import { printSchema } from 'graphql';
import { schema } from './graphql/schema.ts';
console.log(printSchema(schema));
