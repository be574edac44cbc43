# One image for every role: all in one (the default command, as `npm start`), or the API, a
# worker or the migration as docker-compose.yml and deploy/kubernetes run them (node …
# server/bin/api.ts, worker/main.ts, server/bin/migrate.ts). Nothing is downloaded at build or
# run time but the npm packages.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts ./
# postinstall generates the Prisma client offline (prisma/generate.mjs). npm 10 (this image's)
# runs dependencies' install scripts: onnxruntime-node's would fetch CUDA libraries, unused here.
RUN ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund
COPY . .
RUN npm run build:client \
 && mkdir -p /data && chown 1000:1000 /data
ENV NODE_ENV=production PORT=4000 HOST=0.0.0.0 DATA_DIR=/data MALLOC_ARENA_MAX=2
# The app runs as "node" (uid 1000, numeric so Kubernetes can check runAsNonRoot), and the code
# stays root's: the process cannot change it. It writes only to /tmp (uploads being received,
# PDF reads, the TypeScript loader's cache; @swc/core unpacks its native addon there and loads
# it, so /tmp must allow exec) and DATA_DIR (local files, when there is no S3): the root
# filesystem can be read-only with those two on volumes, as deploy/kubernetes mounts them.
USER 1000:1000
EXPOSE 4000
# node itself, not npm: npm writes logs under $HOME, which a read-only root does not have.
CMD ["node", "--import", "@swc-node/register/esm-register", "server/bin/start.ts"]
