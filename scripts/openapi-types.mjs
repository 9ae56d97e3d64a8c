// `npm run types:openapi`: writes functions/test/openapi-types.ts from the API's document.
import { writeFileSync } from 'node:fs';
import { openApiTypes, TYPES_FILE } from './lib/openapi-types.mjs';

writeFileSync(TYPES_FILE, await openApiTypes());
console.log(`wrote ${TYPES_FILE}`);
