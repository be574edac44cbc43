FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:client
ENV NODE_ENV=production PORT=4000 HOST=0.0.0.0
EXPOSE 4000
CMD ["npm", "start"]
