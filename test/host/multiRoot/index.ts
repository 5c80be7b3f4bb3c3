import { runMochaFolder } from '../mochaRunner';

export function run(): Promise<void> {
  return runMochaFolder(__dirname);
}
