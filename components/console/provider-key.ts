// Message keys cannot hold dots: gov-ar.wait.authorization → govArWaitAuthorization.
export const providerKey = (provider: string) => provider.replace(/[.-](\w)/g, (_, c: string) => c.toUpperCase());
