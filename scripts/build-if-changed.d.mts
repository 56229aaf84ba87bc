/** Whether `.next` holds a production build of the current sources. */
export function isBuildCurrent(): boolean;
/** Builds (`npm run build`) when the sources changed since the last build; throws if the build fails. */
export function buildIfChanged(): void;
