import { BaseSequencer, type TestSpecification } from 'vitest/node';

const inFolder = (folders: string) => (file: TestSpecification) =>
  new RegExp(`[/\\\\]tests[/\\\\](${folders})[/\\\\]`).test(file.moduleId);
const endToEnd = inFolder('e2e');
const otherProcesses = inFolder('faults|sync');

/**
 * The files that start servers, browsers or several processes run first and the many short
 * in-process files after them, so both workers end near the same time: on a clean clone vitest
 * knows no durations and orders by file size, and a whole PGlite run ended with one slow file
 * alone for 46 s. One end-to-end file goes first, as it
 * makes the run's seeded demo (tests/e2e/seeded-demo.ts); the fault and multi-process files
 * keep the other worker busy meanwhile, and the other end-to-end files follow.
 */
export class ProcessFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const [first, ...moreEndToEnd] = sorted.filter(endToEnd);
    return [
      ...(first ? [first] : []),
      ...sorted.filter(otherProcesses),
      ...moreEndToEnd,
      ...sorted.filter((f) => !endToEnd(f) && !otherProcesses(f)),
    ];
  }
}
