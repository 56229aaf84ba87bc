// A signing key's private part is sealed bound to its workspace and its key id, so a sealed value
// copied onto another workspace's row (or another key's) does not open.
export const signingKeyAssociatedData = (ownerId: string, kid: string) =>
  `signing-key:${ownerId}:${kid}`;
