# Production image of the API server, which also serves the storefront and editor builds.
# Build: docker build -t site-builder .   Run: see compose.yaml and docs/deployment.md.
FROM node:20-bookworm-slim AS build
WORKDIR /repo
RUN corepack disable && npm install -g pnpm@10
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build
# A self-contained apps/api: its dist, migrations, templates and public files, with production
# dependencies only (workspace packages copied in with their dist).
RUN pnpm --filter @site/api deploy --prod --legacy /out/api

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app/apps/api
# The server finds the storefront and editor builds beside its own folder (apps/<name>/dist).
COPY --from=build /out/api /app/apps/api
COPY --from=build /repo/apps/storefront/dist /app/apps/storefront/dist
COPY --from=build /repo/apps/editor/dist /app/apps/editor/dist
# Made here so the named volume mounted on it starts owned by the server user.
RUN mkdir -p /data/files && chown -R node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/main.js"]
