# One image for every role: `npm start` (all in one), or the API, a worker or the migration
# as docker-compose.yml runs them (node … server/bin/api.ts, worker/main.ts, server/bin/migrate.ts).
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
 && mkdir -p /data && chown node:node /data
ENV NODE_ENV=production PORT=4000 HOST=0.0.0.0 DATA_DIR=/data
USER node
EXPOSE 4000
CMD ["npm", "start"]
