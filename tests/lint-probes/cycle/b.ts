// expect: import-x/no-cycle
import { a } from './a';
export const b = () => a;
