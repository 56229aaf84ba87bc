const nextConfig = { poweredByHeader: false };

export default nextConfig;
