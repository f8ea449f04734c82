import { dispatch } from '../api';

export interface BlogPost {
  id: number;
  title: string;
  body: string;
  created: number;
  updated?: number;
}

export const getPosts = (data: { id?: number; take?: number } = {}) => dispatch('get_blogPosts', data) as Promise<BlogPost[]>;
