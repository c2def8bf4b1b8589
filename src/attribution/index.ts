export { attributeFramework } from './attribute.js';
export { recognise, type Recognised, type Seen } from './recognise.js';
export { FRAMEWORKS, type Framework, type KnownFailure, type Signature } from './frameworks.js';
