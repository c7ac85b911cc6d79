import { buildServer } from '../src/build/server.ts';

export default async function setup() {
  await buildServer();
}
