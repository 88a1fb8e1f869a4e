// The version of the specification this suite checks: its file and SHA-256, recorded here so that
// every report can say which text a run verified (test/contract/specification.test.ts compares it
// with the file the project is written against, ../shared/spec/ beside the project root).

export const SPECIFICATION = {
  file: 'agent-evaluation-service-api.md',
  sha256: 'fbb3a17ca4269b07c1259732067f56ad9291231b9796fd989353da8418db1da8',
} as const;

/** One line naming the pinned specification, as every report prints it. */
export const SPECIFICATION_TEXT = `${SPECIFICATION.file}, SHA-256 ${SPECIFICATION.sha256}`;
